import { useSearchParams } from 'react-router';

export type Environment = 'live' | 'test';

/** The environment the pages read (DESIGN.md §14 "Test and live"): in the URL as ?env=test, so links and reloads keep it. */
export function useEnvironment(): Environment {
  const [params] = useSearchParams();
  return params.get('env') === 'test' ? 'test' : 'live';
}

/** A path with the current environment kept. */
export function withEnv(path: string, env: Environment): string {
  if (env !== 'test') return path;
  return `${path}${path.includes('?') ? '&' : '?'}env=test`;
}
