import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import type { Service } from '../k8s/types';
import { createCommand, replaceCommand, restoreCommand, serverSideApplyCommand } from './object-commands';
import { deleteCommand, metadataCommand, portForwardCommand } from './service-commands';
import { hereDocument, shellQuote } from './shell';

/** Runs the command in a real POSIX shell with `kubectl` replaced by a function printing its arguments, then its standard input. */
function asShellSeesIt(text: string): { args: string[]; stdin: string } {
  const out = execFileSync('sh', ['-c', `kubectl() { for a in "$@"; do printf '%s\\0' "$a"; done; printf '\\1'; cat; }\n${text}`], { encoding: 'utf8', input: '' });
  const [args, stdin] = out.split('\u0001');
  return { args: args.split('\0').slice(0, -1), stdin };
}

const HOSTILE = `it's "$HOME" \`id\` $(id) \\ \n\tline2\nEOF\n'EOF'`;

const svc = (over: Partial<Service['metadata']> = {}): Service => ({
  apiVersion: 'v1',
  kind: 'Service',
  metadata: { name: 'web', namespace: 'shop', resourceVersion: '42', uid: 'u-1', labels: { app: 'web' }, annotations: { note: HOSTILE }, ...over },
  spec: { selector: { app: 'web' }, ports: [{ port: 80, targetPort: 8080 }] },
  status: { loadBalancer: {} },
});

describe('shellQuote', () => {
  it('leaves plain words alone and single-quotes the rest, so a shell reads each back unchanged', () => {
    expect(shellQuote('svc/web')).toBe('svc/web');
    expect(shellQuote('a b')).toBe(`'a b'`);
    expect(shellQuote('')).toBe(`''`);
    const words = [HOSTILE, "'", "''", '~root', '*', '-', 'a=b c', '$(touch /tmp/x)', 'ünï'];
    const { args } = asShellSeesIt(`kubectl ${words.map(shellQuote).join(' ')}`);
    expect(args).toEqual(words);
  });
});

describe('hereDocument', () => {
  it('picks a delimiter no line of the body equals', () => {
    expect(hereDocument('a\nb').delimiter).toBe('EOF');
    expect(hereDocument('a\nEOF\nEOF_2\n').delimiter).toBe('EOF_3');
  });
});

describe('the Service commands', () => {
  it('create: kubectl create -f - with the namespace, the object (without status) on stdin, hostile annotation intact', () => {
    const cmd = createCommand(svc({ resourceVersion: undefined, uid: undefined }), { namespace: 'shop' });
    expect(cmd.text.split('\n')[0]).toBe(`kubectl create -n shop -f - <<'EOF'`);
    const seen = asShellSeesIt(cmd.text);
    expect(seen.args).toEqual(['create', '-n', 'shop', '-f', '-']);
    const obj = parse(seen.stdin) as Service;
    expect(obj.metadata.annotations?.note).toBe(HOSTILE);
    expect(obj.status).toBeUndefined();
    expect(obj.spec).toEqual(svc().spec);
  });

  it('strings a YAML 1.1 reader (kubectl) would take for booleans or numbers stay strings', () => {
    const tricky = { a: 'yes', b: 'on', c: '0777', d: '12:30', e: '1_000', f: '~', g: 'Y', h: 'off' };
    const { stdin } = asShellSeesIt(createCommand(svc({ labels: tricky }), { namespace: 'shop' }).text);
    expect((parse(stdin, { version: '1.1' }) as Service).metadata.labels).toEqual(tricky);
  });

  it('dry runs add --dry-run=server; several clusters add --context', () => {
    const cmd = createCommand(svc(), { namespace: 'shop', context: "it's prod" }, { dryRun: true });
    expect(asShellSeesIt(cmd.text).args).toEqual(['create', '-n', 'shop', '--context', "it's prod", '--dry-run=server', '-f', '-']);
  });

  it('replace carries the resourceVersion in the object; restore replaces on top of the live resourceVersion', () => {
    const seen = asShellSeesIt(replaceCommand(svc(), { namespace: 'shop' }).text);
    expect(seen.args).toEqual(['replace', '-n', 'shop', '-f', '-']);
    expect((parse(seen.stdin) as Service).metadata.resourceVersion).toBe('42');
    const restored = asShellSeesIt(restoreCommand(svc({ resourceVersion: '7' }), '99', { namespace: 'shop' }).text);
    expect((parse(restored.stdin) as Service).metadata.resourceVersion).toBe('99');
  });

  it('server-side apply names the field manager and, when forced, --force-conflicts', () => {
    const cmd = serverSideApplyCommand(svc(), { namespace: 'shop' }, { fieldManager: 'porthole', force: true, dryRun: true });
    expect(asShellSeesIt(cmd.text).args).toEqual(['apply', '--server-side', '--field-manager=porthole', '--force-conflicts', '-n', 'shop', '--dry-run=server', '-f', '-']);
  });

  it('labels and annotations: --overwrite, --resource-version, key=value and key- for removal, hostile values quoted', () => {
    const cmd = metadataCommand('web', 'annotations', { note: HOSTILE, gone: null, 'a.io/x': '' }, '42', { namespace: 'shop' });
    expect(asShellSeesIt(cmd.text).args).toEqual(['annotate', 'svc/web', '-n', 'shop', '--overwrite', '--resource-version=42', 'a.io/x=', 'gone-', `note=${HOSTILE}`]);
    expect(metadataCommand('web', 'labels', { app: 'x' }, '1', { namespace: 'shop' }).text).toBe('kubectl label svc/web -n shop --overwrite --resource-version=1 app=x');
  });

  it('delete: --raw on the Service path with the uid precondition in the DeleteOptions body', () => {
    const cmd = deleteCommand(svc(), { namespace: 'shop', context: 'prod' });
    const seen = asShellSeesIt(cmd.text);
    expect(seen.args).toEqual(['delete', '--raw', '/api/v1/namespaces/shop/services/web', '--context', 'prod', '-f', '-']);
    expect(JSON.parse(seen.stdin)).toEqual({ apiVersion: 'v1', kind: 'DeleteOptions', preconditions: { uid: 'u-1' } });
  });

  it('port-forward: svc/NAME LOCAL:PORT in the namespace', () => {
    expect(portForwardCommand('web', 18080, 80, { namespace: 'shop' }).text).toBe('kubectl port-forward svc/web 18080:80 -n shop');
  });

  it('every part says in one line what it does', () => {
    for (const cmd of [createCommand(svc(), { namespace: 'shop', context: 'c' }, { dryRun: true }), deleteCommand(svc(), { namespace: 'shop' })]) {
      for (const p of cmd.parts) {
        expect(p.meaning).not.toBe('');
        expect(p.meaning).not.toContain('\n');
      }
    }
  });
});
