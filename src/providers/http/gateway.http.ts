import { createHmac, timingSafeEqual } from 'node:crypto';
import { Pool } from 'undici';
import type { GatewayPayment, PaymentGateway } from '../ports.js';

const STATUS: Record<string, GatewayPayment['status']> = {
  success: 'SUCCESS',
  failed: 'FAILED',
  reversed: 'FAILED',
  abandoned: 'ABANDONED',
};

/** Paystack's webhook signature: hex HMAC-SHA512 of the raw body with the secret key. */
export function gatewaySignature(secret: string, rawBody: Buffer | string): string {
  return createHmac('sha512', secret).update(rawBody).digest('hex');
}

/** The payment gateway over HTTP, in Paystack's wire format (the simulator speaks the same). */
export function createHttpPaymentGateway(options: { baseUrl: string; secret: string; timeoutMs: number }): PaymentGateway & { close(): Promise<void> } {
  const url = new URL(options.baseUrl);
  const prefix = url.pathname.replace(/\/+$/, '');
  const pool = new Pool(url.origin, { connections: 16 });
  const headers = { authorization: `Bearer ${options.secret}`, 'content-type': 'application/json' };

  async function call(method: 'GET' | 'POST', path: string, body?: unknown) {
    const res = await pool.request({
      method,
      path: `${prefix}${path}`,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      headersTimeout: options.timeoutMs,
      bodyTimeout: options.timeoutMs,
    });
    const json = (await res.body.json().catch(() => null)) as { status?: boolean; data?: Record<string, unknown> } | null;
    return { statusCode: res.statusCode, json };
  }

  return {
    async initialize(input) {
      const { statusCode, json } = await call('POST', '/transaction/initialize', {
        email: input.email,
        amount: input.amountKobo,
        currency: 'NGN',
        reference: input.reference,
        callback_url: input.callbackUrl ?? undefined,
      });
      const data = json?.data;
      if (statusCode !== 200 || json?.status !== true || typeof data?.authorization_url !== 'string' || typeof data.access_code !== 'string') {
        throw new Error(`gateway initialise failed with status ${statusCode}`);
      }
      return { authorizationUrl: data.authorization_url, accessCode: data.access_code };
    },

    async verify(reference) {
      const { statusCode, json } = await call('GET', `/transaction/verify/${encodeURIComponent(reference)}`);
      if (statusCode === 404 || json?.status === false) return null;
      const data = json?.data;
      if (statusCode !== 200 || !data || typeof data.amount !== 'number' || typeof data.currency !== 'string') {
        throw new Error(`gateway verify failed with status ${statusCode}`);
      }
      return { status: STATUS[String(data.status)] ?? 'PENDING', amountKobo: data.amount, currency: data.currency };
    },

    verifySignature(rawBody, signature) {
      if (typeof signature !== 'string' || !/^[0-9a-f]{128}$/i.test(signature)) return false;
      const expected = Buffer.from(gatewaySignature(options.secret, rawBody), 'hex');
      return timingSafeEqual(expected, Buffer.from(signature, 'hex'));
    },

    close: () => pool.close(),
  };
}
