// "The caller's network" for rate limits: an IPv4 /24 or an IPv6 /56, so one host cannot dodge a
// limit by rotating addresses inside its own allocation.
import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';

export function networkOf(ip: string): string {
  // Only the spellings a socket reports (ipaddr.js would also read `2130706433` as an address).
  if (isIP(ip) === 0) return ip;
  // An IPv4-mapped IPv6 peer (a dual-stack socket) is the IPv4 address it carries.
  const address = ipaddr.process(ip);
  if (address.kind() === 'ipv4') return `${address.toString().split('.').slice(0, 3).join('.')}.0/24`;
  const groups = (address as ipaddr.IPv6).parts.map((g) => g.toString(16).padStart(4, '0'));
  return `${groups.slice(0, 3).join(':')}:${(groups[3] ?? '0000').slice(0, 2)}00::/56`;
}
