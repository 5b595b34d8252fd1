// The baseline: bare Fastify 5 with the same body schema and the same strict Ajv options as
// src/app.ts, no logging, no hooks, no storage. What idv costs is measured against this.
// Run by bench/run.js as a child process: PORT (required), HOST (default 127.0.0.1).
import Fastify from 'fastify';
import { ninLookup } from '../dist/verifications/nin.js';

const app = Fastify({
  logger: false,
  ajv: {
    // Same as src/app.ts: strict validation, so the baseline pays the same validation cost.
    customOptions: { coerceTypes: false, removeAdditional: false, useDefaults: true, allErrors: true, verbose: true },
    plugins: [
      (ajv) => {
        ajv.addKeyword({ keyword: 'x-message', schemaType: 'string' });
        return ajv;
      },
    ],
  },
});

app.get('/healthz', async () => ({ status: 'ok' }));
app.post(ninLookup.path, { schema: { body: ninLookup.body } }, async (req) => ({
  success: true,
  statusCode: 200,
  message: 'NIN verified',
  data: { verificationStatus: 'VERIFIED', nin: req.body.nin },
}));

const port = Number(process.env.PORT);
if (!Number.isInteger(port) || port <= 0) {
  console.error('baseline-server: PORT must be set');
  process.exit(2);
}
const address = await app.listen({ host: process.env.HOST ?? '127.0.0.1', port });
console.log(`baseline listening on ${address}`);

// A clean exit on SIGTERM, so --cpu-prof can write its profile.
for (const signal of ['SIGTERM', 'SIGINT']) {
  process.once(signal, () => {
    app.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  });
}
