import { isIP } from 'node:net';
import type { FastifyRequest } from 'fastify';

/** Headers a reverse proxy adds: a request carrying any of them came from further away than the proxy. */
const FORWARDING_HEADERS = [
  'forwarded',
  'x-forwarded-for',
  'x-forwarded-host',
  'x-forwarded-proto',
  'x-real-ip',
  'x-client-ip',
  'true-client-ip',
  'cf-connecting-ip',
  'fastly-client-ip',
  'x-cluster-client-ip',
] as const;

/** 127.0.0.0/8 and ::1, also written as IPv4-mapped IPv6 (::ffff:127.0.0.1). */
export function isLoopbackAddress(address: string | undefined | null): boolean {
  if (!address) return false;
  const plain = address.toLowerCase().startsWith('::ffff:') ? address.slice(7) : address;
  if (isIP(plain) === 4) return plain.startsWith('127.');
  return isIP(plain) === 6 && /^(0{0,4}:){7}0{0,3}1$|^::1$/.test(plain.toLowerCase());
}

/**
 * A client on this machine: decided by the socket's own address, never by X-Forwarded-For (which
 * anyone can write), and a request a proxy forwarded is not one, even when the proxy runs here.
 */
export function isLoopbackClient(req: FastifyRequest): boolean {
  if (!isLoopbackAddress(req.socket.remoteAddress)) return false;
  return !FORWARDING_HEADERS.some((name) => req.headers[name] !== undefined);
}
