// The demo organisation lives with platform administration (src/admin/demo.ts), where the running
// server's local control routes can make one too; this path stays for the entry points.
export { createDemo, DEMO_CREDIT_KOBO, type DemoAccount, type DemoDeps } from './admin/demo.js';
