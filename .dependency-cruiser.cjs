/**
 * The house rules of docs/architecture.md, checked by `npm run lint` (and so by CI). No exception list:
 * a rule that is wrong is changed here, with its reason, never silenced for one file.
 * @type {import('dependency-cruiser').IConfiguration}
 */
module.exports = {
  forbidden: [
    {
      name: 'platform-is-infrastructure',
      comment: 'platform/ holds infrastructure with no business rules: it imports no capability.',
      severity: 'error',
      from: { path: '^src/platform/' },
      to: { path: '^src/', pathNot: '^src/platform/' },
    },
    {
      name: 'providers-know-no-money',
      comment: 'Upstream ports and adapters know neither billing nor verifications.',
      severity: 'error',
      from: { path: '^src/providers/' },
      to: { path: '^src/(billing|verifications)/' },
    },
    {
      name: 'billing-knows-no-verification',
      comment: 'Billing keeps holds, capture, release and the journal; it knows no verification, record or idempotency row.',
      severity: 'error',
      from: { path: '^src/billing/' },
      to: { path: '^src/(verifications|records|idempotency)/' },
    },
    {
      name: 'simulator-stands-alone',
      comment: 'The registry simulator speaks the wire contract; it imports no capability (only platform and provider ports/fixtures).',
      severity: 'error',
      from: { path: '^src/simulator/' },
      to: { path: '^src/', pathNot: '^src/(simulator|platform|providers/(ports|fixtures))' },
    },
    {
      name: 'no-folder-cycles',
      comment: 'Folders depend on each other in one direction only.',
      severity: 'error',
      scope: 'folder',
      from: { path: '^src/' },
      to: { circular: true },
    },
    {
      name: 'no-file-cycles',
      severity: 'error',
      from: { path: '^src/' },
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '\\.test\\.ts$' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'require', 'node', 'default'], extensions: ['.ts', '.js'] },
  },
};
