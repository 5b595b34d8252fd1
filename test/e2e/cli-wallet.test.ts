import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { cli, cliTargets } from '../helpers/cli.js';

/** `idv wallet adjust` runs the same operation as POST /v1/payments/admin/adjust/{organisationId}. */
for (const target of cliTargets('cli-wallet')) {
  describe(`idv wallet adjust [${target.name}]`, () => {
    // Many CLI runs, each opening its storage (about a second each on the embedded database): slow on a loaded machine.
    it('credits, debits with --amount=-N, needs --approver above the threshold, and refuses what is wrong', { timeout: 90_000 }, async () => {
      const env = target.env();
      const tag = randomBytes(4).toString('hex');
      const admin = (await cli(env, 'admin', 'create', '--email', `ops-${tag}@example.com`, '--password', 'staff password 123')).json().userId;
      const approver = (await cli(env, 'admin', 'create', '--email', `ops2-${tag}@example.com`, '--password', 'staff password 123')).json().userId;
      const org = (await cli(env, 'org', 'create', '--name', 'Acme', '--admin-email', `o-${tag}@example.com`, '--admin-password', 'a long enough password')).json();

      const credit = await cli(env, 'wallet', 'adjust', '--org', org.organisationId, '--amount', '2500.75', '--reason', 'Opening float', '--admin', admin);
      expect(credit.code, credit.stderr).toBe(0);
      expect(credit.json()).toMatchObject({ amount: 2500.75, direction: 'CREDIT', newBalance: 2500.75, status: 'SUCCESS', currency: 'NGN', organisationId: org.organisationId });
      expect(credit.json().operationId).toBe(`adj:${credit.json().reference}`);

      const debit = await cli(env, 'wallet', 'adjust', '--org', org.organisationId, '--amount=-500.75', '--reason', 'Clawback', '--admin', admin);
      expect(debit.json()).toMatchObject({ amount: -500.75, direction: 'DEBIT', newBalance: 2000 });

      const overdraw = await cli(env, 'wallet', 'adjust', '--org', org.organisationId, '--amount=-5000', '--reason', 'x', '--admin', admin);
      expect(overdraw.code).toBe(1);
      expect(overdraw.stderr).toMatch(/does not cover/);
      const big = ['wallet', 'adjust', '--org', org.organisationId, '--amount', '200000', '--reason', 'Prepayment', '--admin', admin];
      const refused = await cli(env, ...big);
      expect(refused.code).toBe(1);
      expect(refused.stderr).toMatch(/secondApprover: is required above 100000 naira/);
      const self = await cli(env, ...big, '--approver', admin);
      expect(self.code).toBe(1);
      expect(self.stderr).toMatch(/another platform admin/);
      const approved = await cli(env, ...big, '--approver', approver);
      expect(approved.json().newBalance).toBe(202_000);

      const notAdmin = await cli(env, 'wallet', 'adjust', '--org', org.organisationId, '--amount', '1', '--reason', 'x', '--admin', org.userId);
      expect(notAdmin.code).toBe(1);
      expect(notAdmin.stderr).toMatch(/Only a platform admin/);
      const badAmount = await cli(env, 'wallet', 'adjust', '--org', org.organisationId, '--amount', '1.001', '--reason', 'x', '--admin', admin);
      expect(badAmount.code).toBe(2);
      const ambiguous = await cli(env, 'wallet', 'adjust', '--org', org.organisationId, '--amount', '-5', '--reason', 'x', '--admin', admin);
      expect(ambiguous.code).toBe(2);
      expect(ambiguous.stderr).toMatch(/--amount=-XYZ/);
    });
  });
}
