import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';
import { networkInterfaces } from 'node:os';
import { scoring } from '@sais/events';
import { registryOf } from './reference.ts';

/**
 * Networks an image's registry may not be on (unless the competition's operator allows that registry):
 * the platform's engine connects wherever an image names, so a participant could otherwise make it
 * probe loopback, the private network or a cloud's metadata address and read open from closed ports
 * in the pull's error (issue 18, finding 2).
 */
const refusedNetworks = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8], // "this" network
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8],
  ['169.254.0.0', 16], // link-local, cloud metadata
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15], // benchmarking
  ['224.0.0.0', 3], // multicast, reserved, broadcast
] as const)
  refusedNetworks.addSubnet(network, prefix, 'ipv4');
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7], // unique local
  ['fe80::', 10], // link-local
  ['ff00::', 8], // multicast
] as const)
  refusedNetworks.addSubnet(network, prefix, 'ipv6');

/** An IPv4 address written as IPv6 (`::ffff:127.0.0.1`, `::ffff:7f00:1`) is judged as the IPv4 one. */
function plain(address: string): { address: string; family: 'ipv4' | 'ipv6' } {
  const mapped = /^::ffff:(.+)$/i.exec(address)?.[1];
  if (mapped && isIP(mapped) === 4) return { address: mapped, family: 'ipv4' };
  const hex = mapped && /^([0-9a-f]{1,4}):([0-9a-f]{1,4})$/i.exec(mapped);
  if (hex) {
    const [high, low] = [parseInt(hex[1]!, 16), parseInt(hex[2]!, 16)];
    return { address: [high >> 8, high & 255, low >> 8, low & 255].join('.'), family: 'ipv4' };
  }
  return { address, family: isIP(address) === 4 ? 'ipv4' : 'ipv6' };
}

/** This host's own addresses, whatever network they are on. */
function ownAddresses(): Set<string> {
  return new Set(
    Object.values(networkInterfaces())
      .flat()
      .map((entry) => entry && plain(entry.address.split('%')[0]!).address)
      .filter((address): address is string => Boolean(address)),
  );
}

export function isRefusedAddress(address: string): boolean {
  const { address: bare, family } = plain(address);
  return refusedNetworks.check(bare, family) || ownAddresses().has(bare);
}

export type RegistryVerdict = { allowed: true } | { allowed: false; registry: string; address: string };

/** The participant's log when the runner refuses the registry (the addresses go to operators only). */
export const registryRefusedVerdict = (image: string) =>
  scoring.fileRefusal('registryRefused', { image: image.slice(0, 300) });

/**
 * Whether the platform may pull `image`: its registry (`host[:port]`, docker.io when it names none) is
 * on the competition's allow list, or none of its addresses is local, private, link-local or this
 * host's. A name that does not resolve is let through here (the pull then fails with its own reason);
 * the runner asks again just before pulling, as the name's addresses may have changed meanwhile.
 */
export async function judgeRegistry(
  image: string,
  allowedRegistries: readonly string[] = [],
  resolve: (host: string) => Promise<string[]> = async (host) =>
    (await lookup(host, { all: true, verbatim: true })).map((entry) => entry.address),
): Promise<RegistryVerdict> {
  const registry = registryOf(image);
  if (registry === 'docker.io') return { allowed: true };
  const allowed = allowedRegistries.map((entry) => entry.toLowerCase());
  if (allowed.includes(registry.toLowerCase())) return { allowed: true };
  // Host names are case-insensitive, and a trailing dot names the same host (`LOCALHOST.:5000`).
  const host = registry.replace(/:\d+$/, '').toLowerCase().replace(/\.$/, '');
  if (host === 'localhost' || host.endsWith('.localhost')) return { allowed: false, registry, address: host };
  const addresses = isIP(host) ? [host] : await resolve(host).catch(() => []);
  const refused = addresses.find(isRefusedAddress);
  return refused === undefined ? { allowed: true } : { allowed: false, registry, address: refused };
}
