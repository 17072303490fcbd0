import { redirect } from 'next/navigation';
import { pageRoutesHere } from '../lib/server/page-cluster';
import { redirectTarget } from '../lib/server/redirect-target';

export default async function Home() {
  redirect(redirectTarget((await pageRoutesHere()).serviceList()));
}
