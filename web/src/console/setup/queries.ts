// The first run's server state: whether the service still needs its first administrator.
import { useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../api.ts';

export const setupKeys = {
  status: ['setup', 'status'] as const,
};

/** Asked only when nobody is signed in: true shows the first-run form instead of sign-in. */
export function useFirstAdminNeeded(enabled: boolean) {
  return useQuery({
    queryKey: setupKeys.status,
    queryFn: async () => (await unwrap(api.GET('/api/v1/setup'))).firstAdminNeeded,
    enabled,
    staleTime: Infinity,
    retry: false,
  });
}
