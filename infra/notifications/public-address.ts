// Which IP addresses an outbound webhook may connect to: public unicast only. Refused: unspecified,
// private (RFC 1918, ULA), loopback, link-local, CGNAT (100.64/10), multicast, documentation/test
// nets, benchmarking, 6to4/Teredo/NAT64 (they can embed private IPv4) and the reserved ranges.
import { BlockList, isIP } from 'node:net';

const blocked = new BlockList();
const V4: [string, number][] = [
  ['0.0.0.0', 8], ['10.0.0.0', 8], ['100.64.0.0', 10], ['127.0.0.0', 8], ['169.254.0.0', 16], ['172.16.0.0', 12],
  ['192.0.0.0', 24], ['192.0.2.0', 24], ['192.88.99.0', 24], ['192.168.0.0', 16], ['198.18.0.0', 15],
  ['198.51.100.0', 24], ['203.0.113.0', 24], ['224.0.0.0', 4], ['240.0.0.0', 4],
];
const V6: [string, number][] = [
  ['::', 96], // unspecified, loopback and the deprecated IPv4-compatible form
  ['64:ff9b::', 96], ['64:ff9b:1::', 48], ['100::', 64], ['2001::', 23], ['2001:db8::', 32], ['2002::', 16],
  ['fc00::', 7], ['fe80::', 10], ['fec0::', 10], ['ff00::', 8],
];
for (const [net, prefix] of V4) blocked.addSubnet(net, prefix, 'ipv4');
for (const [net, prefix] of V6) blocked.addSubnet(net, prefix, 'ipv6');

/** True only for a syntactically valid, public unicast address. IPv4-mapped IPv6 is judged as IPv4. */
export function isPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return false;
  // BlockList judges IPv4-mapped IPv6 (::ffff:a.b.c.d) by the IPv4 rules.
  if (family === 6) return !blocked.check(address, 'ipv6');
  return !blocked.check(address, 'ipv4');
}
