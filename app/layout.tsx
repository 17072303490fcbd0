import type { Metadata } from 'next';
import { headers } from 'next/headers';
import type { ReactNode } from 'react';
import { AppChrome } from '../components/chrome/AppChrome';
import { PortholeProviders } from '../lib/client/providers';
import { clusterInfo } from '../lib/server/cluster-info';
import { cspNonce } from '../lib/server/csp-nonce';
import './globals.css';

export const metadata: Metadata = {
  title: { default: 'Porthole', template: '%s · Porthole' },
  description: 'Browse and edit Kubernetes Services, live.',
};

// Runs before first paint: the saved theme, else the system's, so there is no flash of the wrong one.
const THEME_SCRIPT = `(function(){try{var t=localStorage.getItem('porthole-theme');if(t!=='light'&&t!=='dark'){t=matchMedia('(prefers-color-scheme: dark)').matches?'dark':'light'}document.documentElement.dataset.theme=t}catch(e){}})()`;

export default async function RootLayout({ children }: { children: ReactNode }) {
  const requestHeaders = await headers();
  const info = clusterInfo(requestHeaders);
  // proxy.ts gives every page request a CSP nonce; Next puts it on its own scripts, this one needs it too.
  const nonce = await cspNonce();
  return (
    <html lang="en" suppressHydrationWarning>
      <head>
        <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: THEME_SCRIPT }} />
      </head>
      <body>
        <PortholeProviders>
          <AppChrome cluster={info}>{children}</AppChrome>
        </PortholeProviders>
      </body>
    </html>
  );
}
