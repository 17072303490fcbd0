import Link from 'next/link';
import { Icon } from '../components/chrome/Icon';
import { pageRoutesHere } from '../lib/server/page-cluster';

export default async function NotFound() {
  const routes = await pageRoutesHere();
  return (
    <div className="state">
      <div className="state-icon"><Icon name="compass" size={32} /></div>
      <h1 className="state-title">Page not found</h1>
      <p>There is nothing at this address.</p>
      <div className="actions">
        <Link className="button" href={routes.serviceList()}>Go to Services</Link>
      </div>
    </div>
  );
}
