/**
 * Runs once when the Next server starts (Node runtime): hooks on its HTTP server that stamp each
 * request with the socket's address (lib/server/auth-mode-proxy.ts), for TRACE/TRACK, protocol
 * upgrades (lib/server/unroutable-methods.ts) and precompressed static files
 * (lib/static-assets/serve-precompressed.ts); in token mode, the shared list of signed-out sessions
 * (lib/server/session-revocation-store.ts); with a history dir, the Service history recorder
 * (lib/server/history/recording.ts).
 */
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME !== 'nodejs') return;
  const [{ installHttpServerHooks }, { answerFetchForbidden, refuseUpgrade }, { servePrecompressed }, { stampSocketPeer }, { authConfig }] = await Promise.all([
    import('./lib/server/http-server-hooks'),
    import('./lib/server/unroutable-methods'),
    import('./lib/static-assets/serve-precompressed'),
    import('./lib/server/auth-mode-proxy'),
    import('./lib/server/auth-mode'),
  ]);
  const distDir = process.env.PORTHOLE_DIST_DIR ?? '.next';
  installHttpServerHooks({
    request: [(req) => stampSocketPeer(req, authConfig()), answerFetchForbidden, (req, res) => servePrecompressed(req, res, distDir)],
    upgrade: [refuseUpgrade],
  });
  // Token mode: sign-outs on other replicas end their sessions here too.
  if (authConfig().mode === 'token') {
    const { followRevocations } = await import('./lib/server/session-revocation-store');
    void followRevocations(new AbortController().signal);
  }
  const { startHistoryRecording } = await import('./lib/server/history/recording');
  startHistoryRecording(new AbortController().signal);
}
