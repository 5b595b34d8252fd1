import { hash, verify } from '@node-rs/argon2';

// Algorithm.Argon2id (a const enum, which isolated modules cannot read).
const ARGON2ID = 2;

export interface PasswordHashCost {
  memoryCost: number;
  timeCost: number;
  parallelism: number;
}

/** argon2id with OWASP's recommended minimum (19 MiB, 2 passes, 1 lane): what the service always uses. */
export const PASSWORD_HASH_COST: PasswordHashCost = Object.freeze({ memoryCost: 19_456, timeCost: 2, parallelism: 1 });

let cost: PasswordHashCost = PASSWORD_HASH_COST;

/**
 * For the test suite's own processes only (test/setup.ts): a cheaper argon2id, so that the suite's
 * thousands of accounts do not spend minutes of CPU hashing. Refused outside Vitest, so no setting or
 * code path of the service can weaken its hashes. Verification reads the cost from each stored hash,
 * so hashes of either cost verify. Servers the suite starts as processes hash at the real cost.
 * Answers the cost it replaces.
 */
export function setPasswordHashCostForTests(next: PasswordHashCost): PasswordHashCost {
  if (process.env.VITEST !== 'true') throw new Error('the password hash cost can be changed in tests only');
  const before = cost;
  cost = next;
  return before;
}

export const PASSWORD_MIN_LENGTH = 10;
export const PASSWORD_MAX_LENGTH = 256;

export function hashPassword(password: string): Promise<string> {
  return hash(password, { algorithm: ARGON2ID, ...cost });
}

export function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  return verify(passwordHash, password).catch(() => false);
}

/** A message for a password that does not meet the rules, or null when it does. */
export function passwordProblem(password: unknown): string | null {
  if (typeof password !== 'string') return 'must be a string';
  if (password.length < PASSWORD_MIN_LENGTH) return `must be at least ${PASSWORD_MIN_LENGTH} characters`;
  if (password.length > PASSWORD_MAX_LENGTH) return `must be at most ${PASSWORD_MAX_LENGTH} characters`;
  return null;
}
