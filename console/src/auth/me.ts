import { useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../api/client';
import type { Role } from '../lib/roles';

export interface Me {
  user: { id: string; email: string; role: Role | null; isPlatformAdmin: boolean; organisationId: string | null };
  organisation: { id: string; name: string; accessLevel?: string } | null;
}

/** The signed-in user, their role and organisation. */
export function useMe() {
  return useQuery({ queryKey: ['me'], queryFn: () => unwrap<Me>(api.GET('/v1/auth/me')), staleTime: 60_000 });
}
