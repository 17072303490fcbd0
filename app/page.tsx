import { redirect } from 'next/navigation';
import { pageRoutes } from '../lib/client/page-routes';

export default function Home() {
  redirect(pageRoutes.serviceList());
}
