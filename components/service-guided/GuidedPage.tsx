'use client';
/** The guided flow reads sessionStorage while it renders: it runs in the browser only. */
import dynamic from 'next/dynamic';

const GuidedFlow = dynamic(() => import('./GuidedFlow').then((m) => m.GuidedFlow), {
  ssr: false,
  loading: () => <p className="placeholder-page">Loading the guided flow…</p>,
});

export function GuidedPage() {
  return <GuidedFlow />;
}
