/**
 * The environment variables the kubelet gives a container started after the Service exists
 * (pkg/kubelet/envvars FromServices + makeLinkVariables): `<NAME>_SERVICE_HOST`, `_SERVICE_PORT`,
 * `_SERVICE_PORT_<PORTNAME>` and the Docker-link variables. Only Services with a cluster IP get
 * them (not headless, not ExternalName). Pure.
 */
import type { Service } from '../k8s/types';
import { isServiceIPSet } from '../service/helpers';

export interface EnvVar {
  name: string;
  value: string;
}

/** makeEnvVariableName: upper-case, dashes to underscores. */
export function envVarName(name: string): string {
  return name.toUpperCase().replace(/-/g, '_');
}

/** net.JoinHostPort: IPv6 addresses in brackets. */
export function joinHostPort(host: string, port: number | string): string {
  return host.includes(':') ? `[${host}]:${port}` : `${host}:${port}`;
}

export interface ServiceEnv {
  vars: EnvVar[];
  /** Why there are none. */
  none?: string;
}

export function serviceEnvVars(svc: Service): ServiceEnv {
  if (svc.spec?.type === 'ExternalName') return { vars: [], none: 'ExternalName Services have no cluster IP, so the kubelet sets no variables for them.' };
  if (!isServiceIPSet(svc)) {
    return {
      vars: [],
      none: svc.spec?.clusterIP === 'None' ? 'Headless Services have no cluster IP, so the kubelet sets no variables for them.' : 'No cluster IP is allocated yet.',
    };
  }
  const ports = svc.spec?.ports ?? [];
  if (ports.length === 0) return { vars: [], none: 'The Service has no ports.' };
  const prefix = envVarName(svc.metadata.name ?? '');
  const ip = svc.spec?.clusterIP ?? '';
  const vars: EnvVar[] = [{ name: `${prefix}_SERVICE_HOST`, value: ip }];
  const portVar = `${prefix}_SERVICE_PORT`;
  vars.push({ name: portVar, value: String(ports[0].port) });
  for (const p of ports) {
    if (p.name) vars.push({ name: `${portVar}_${envVarName(p.name)}`, value: String(p.port) });
  }
  ports.forEach((p, i) => {
    const protocol = p.protocol ?? 'TCP';
    const url = `${protocol.toLowerCase()}://${joinHostPort(ip, p.port)}`;
    if (i === 0) vars.push({ name: `${prefix}_PORT`, value: url });
    const portPrefix = `${prefix}_PORT_${p.port}_${protocol.toUpperCase()}`;
    vars.push(
      { name: portPrefix, value: url },
      { name: `${portPrefix}_PROTO`, value: protocol.toLowerCase() },
      { name: `${portPrefix}_PORT`, value: String(p.port) },
      { name: `${portPrefix}_ADDR`, value: ip },
    );
  });
  return { vars };
}

/** `NAME=value` lines, as `env` prints them. */
export function formatEnv(vars: readonly EnvVar[]): string {
  return vars.map((v) => `${v.name}=${v.value}`).join('\n');
}
