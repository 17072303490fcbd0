import Link from 'next/link';

export default function NotFound() {
  return (
    <div className="state">
      <div className="state-icon" aria-hidden>🧭</div>
      <h2>Page not found</h2>
      <p>There is nothing at this address.</p>
      <div className="actions">
        <Link className="button" href="/services">Go to Services</Link>
      </div>
    </div>
  );
}
