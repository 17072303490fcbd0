import 'server-only';
import { headers } from 'next/headers';
import { NONCE_HEADER } from './request-guard';

/** This page request's CSP nonce, for the inline scripts a page renders itself (Next tags its own). */
export async function cspNonce(): Promise<string | undefined> {
  return (await headers()).get(NONCE_HEADER) ?? undefined;
}
