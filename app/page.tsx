import { redirect } from 'next/navigation';
import { pageRoutesHere } from '../lib/server/page-cluster';

export default async function Home() {
  redirect((await pageRoutesHere()).serviceList());
}
