import 'server-only';
import type { KubeConfig } from '@kubernetes/client-node';
import type { Lease } from '../../k8s/types';
import { readJson, upstream } from '../upstream';

/**
 * Leader election on a coordination.k8s.io/v1 Lease, as client-go's leaderelection does it: the
 * holder renews `spec.renewTime` every RETRY_MS; another candidate takes the Lease (an update with the
 * resourceVersion it read, so two candidates never both win) once the record it observed has not
 * changed for LEASE_SECONDS by its own clock (no trust in the other replica's clock). A holder that
 * cannot renew for RENEW_DEADLINE_MS stops leading before anyone else may take over.
 */
export const LEASE_SECONDS = 15;
export const RETRY_MS = 2_000;
const RENEW_DEADLINE_MS = 10_000;

/** microTime, as the API server wants it in a Lease. */
const microTime = (ms: number): string => new Date(ms).toISOString().replace(/\.(\d{3})Z$/, '.$1000Z');

export type LeaseAnswer = 'leading' | 'following' | 'unavailable';

export class LeaderLease {
  private observed: { text: string; atMs: number } | undefined;
  private lastRenewMs = 0;

  constructor(
    private readonly kc: KubeConfig,
    private readonly namespace: string,
    private readonly name: string,
    readonly identity: string,
  ) {}

  private get path(): string {
    return `/apis/coordination.k8s.io/v1/namespaces/${encodeURIComponent(this.namespace)}/leases`;
  }

  /**
   * One round: create, renew or take over the Lease. 'unavailable' when the API server serves no
   * Leases or refuses this identity (the caller decides what to do without an election).
   */
  async tryAcquireOrRenew(signal: AbortSignal): Promise<LeaseAnswer> {
    const now = Date.now();
    const got = await upstream(this.kc, { method: 'GET', path: `${this.path}/${encodeURIComponent(this.name)}`, signal });
    if (got.status === 404) {
      got.body.resume();
      return this.create(now, signal);
    }
    if (got.status === 403) {
      got.body.resume();
      return 'unavailable';
    }
    if (got.status !== 200) {
      got.body.resume();
      return this.stillLeading(now);
    }
    const lease = (await readJson(got.body)) as Lease;
    const spec = lease.spec ?? {};
    const text = JSON.stringify(spec);
    if (!this.observed || this.observed.text !== text) this.observed = { text, atMs: now };
    const mine = spec.holderIdentity === this.identity;
    const expired = !spec.holderIdentity || this.observed.atMs + (spec.leaseDurationSeconds ?? LEASE_SECONDS) * 1000 < now;
    if (!mine && !expired) return 'following';
    const next: Lease = {
      ...lease,
      spec: {
        holderIdentity: this.identity,
        leaseDurationSeconds: LEASE_SECONDS,
        acquireTime: mine ? spec.acquireTime : microTime(now),
        renewTime: microTime(now),
        leaseTransitions: (spec.leaseTransitions ?? 0) + (mine ? 0 : 1),
      },
    };
    if ((await this.put(next, signal)) === 200) return this.renewed(now);
    return mine ? this.stillLeading(now) : 'following';
  }

  private async create(now: number, signal: AbortSignal): Promise<LeaseAnswer> {
    const lease: Lease = {
      apiVersion: 'coordination.k8s.io/v1',
      kind: 'Lease',
      metadata: { name: this.name, namespace: this.namespace },
      spec: { holderIdentity: this.identity, leaseDurationSeconds: LEASE_SECONDS, acquireTime: microTime(now), renewTime: microTime(now), leaseTransitions: 0 },
    };
    const res = await upstream(this.kc, { method: 'POST', path: this.path, body: JSON.stringify(lease), contentType: 'application/json', signal });
    res.body.resume();
    if (res.status === 201 || res.status === 200) return this.renewed(now);
    if (res.status === 404 || res.status === 403) return 'unavailable';
    return 'following';
  }

  private renewed(now: number): LeaseAnswer {
    this.lastRenewMs = now;
    return 'leading';
  }

  /** A holder that could not reach the Lease keeps leading until its renew deadline. */
  stillLeading(now: number = Date.now()): LeaseAnswer {
    return now - this.lastRenewMs < RENEW_DEADLINE_MS ? 'leading' : 'following';
  }

  /** Gives the Lease up (on shutdown), so another replica takes over at once. */
  async release(signal: AbortSignal): Promise<void> {
    const got = await upstream(this.kc, { method: 'GET', path: `${this.path}/${encodeURIComponent(this.name)}`, signal });
    if (got.status !== 200) return void got.body.resume();
    const lease = (await readJson(got.body)) as Lease;
    if (lease.spec?.holderIdentity !== this.identity) return;
    const next: Lease = { ...lease, spec: { ...lease.spec, holderIdentity: '', leaseDurationSeconds: 1, renewTime: microTime(Date.now()) } };
    await this.put(next, signal);
  }

  /** Updates the Lease (with the resourceVersion it was read at); the API server's status code. */
  private async put(lease: Lease, signal: AbortSignal): Promise<number> {
    const res = await upstream(this.kc, {
      method: 'PUT',
      path: `${this.path}/${encodeURIComponent(this.name)}`,
      body: JSON.stringify(lease),
      contentType: 'application/json',
      signal,
    });
    res.body.resume();
    return res.status;
  }
}
