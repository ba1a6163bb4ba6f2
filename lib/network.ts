// "The caller's network" for rate limits: an IPv4 /24 or an IPv6 /56, so one host cannot dodge a
// limit by rotating addresses inside its own allocation.
import { isIPv4, isIPv6 } from 'node:net';

export function networkOf(ip: string): string {
  const v4 = ip.startsWith('::ffff:') && isIPv4(ip.slice(7)) ? ip.slice(7) : ip;
  if (isIPv4(v4)) return v4.split('.').slice(0, 3).join('.') + '.0/24';
  if (isIPv6(ip)) {
    const groups = expandV6(ip);
    return `${groups.slice(0, 3).join(':')}:${(groups[3] ?? '0000').slice(0, 2)}00::/56`;
  }
  return ip;
}

function expandV6(ip: string): string[] {
  const [head = '', tail = ''] = ip.split('::');
  const h = head ? head.split(':') : [];
  const t = tail ? tail.split(':') : [];
  const fill = ip.includes('::') ? Array(8 - h.length - t.length).fill('0') : [];
  return [...h, ...fill, ...t].map((g) => g.padStart(4, '0').toLowerCase());
}
