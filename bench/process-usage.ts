/** What a process uses, from Linux /proc: the process listening on a loopback TCP port, its resident memory and its CPU time. */
import { readdirSync, readFileSync, readlinkSync } from 'node:fs';

function listeningInode(port: number): string | undefined {
  const hexPort = port.toString(16).toUpperCase().padStart(4, '0');
  for (const file of ['/proc/net/tcp', '/proc/net/tcp6']) {
    const lines = readFileSync(file, 'utf8').split('\n').slice(1);
    for (const line of lines) {
      const cols = line.trim().split(/\s+/);
      // local_address is ADDR:PORT, st 0A = LISTEN, inode is column 9
      if (cols.length > 9 && cols[1].endsWith(`:${hexPort}`) && cols[3] === '0A') return cols[9];
    }
  }
  return undefined;
}

export function pidListeningOn(port: number): number | undefined {
  const inode = listeningInode(port);
  if (!inode) return undefined;
  const target = `socket:[${inode}]`;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    let fds: string[];
    try {
      fds = readdirSync(`/proc/${entry}/fd`);
    } catch {
      continue;
    }
    for (const fd of fds) {
      try {
        if (readlinkSync(`/proc/${entry}/fd/${fd}`) === target) return Number(entry);
      } catch {
        // the descriptor closed meanwhile
      }
    }
  }
  return undefined;
}

export function residentMiB(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 'NaN');
  return kb / 1024;
}

/** Clock ticks per second of /proc/<pid>/stat (USER_HZ; 100 on Linux). */
const TICKS = 100;

/** CPU time the process has used so far (user + system), in seconds. */
export function cpuSeconds(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // utime and stime are fields 14 and 15 of stat; 12 and 13 after the pid and comm.
  return (Number(fields[11]) + Number(fields[12])) / TICKS;
}
