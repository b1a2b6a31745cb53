// Who is signed in: the admin of the `auth-token` cookie, read from /auth/me. Every page reads
// the admin (role, organization and its time zone) from here instead of asking again.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { createContext, useCallback, useContext } from 'react';
import type { paths } from '../api/schema';
import { ApiError, api, unwrap } from './api.ts';
import { confirmLeaving, navigate } from './router.tsx';

type MeUser = paths['/api/v1/auth/me']['get']['responses'][200]['content']['application/json']['data']['user'];
export type Admin = Extract<MeUser, { role: unknown }>;

export const sessionKey = ['session'] as const;

/** Every cached query but the session's: what a change of hours makes stale (reviews, lists, reports). */
export const allButTheSession = (query: { queryKey: readonly unknown[] }) => query.queryKey[0] !== sessionKey[0];

/** The signed-in admin, or null when there is no admin session (an employee's cookie is not one). */
export function useSession() {
  return useQuery({
    queryKey: sessionKey,
    queryFn: async (): Promise<Admin | null> => {
      try {
        const { user } = await unwrap(api.GET('/api/v1/auth/me'));
        return 'role' in user ? user : null;
      } catch (error) {
        if (error instanceof ApiError && (error.status === 401 || error.status === 403)) return null;
        throw error;
      }
    },
    staleTime: 60_000,
    retry: false,
  });
}

export const AdminContext = createContext<Admin | null>(null);

/** The signed-in admin; pages render only inside the signed-in shell. */
export function useAdmin(): Admin {
  const admin = useContext(AdminContext);
  if (!admin) throw new Error('useAdmin outside the signed-in console');
  return admin;
}

/** The organization's time zone: every date and time the console shows is in it. */
export function useTimeZone(): string {
  return useAdmin().bookkeeperOrg.timezone;
}

/** Ends the session on the server (the token stops working everywhere), then forgets every cached answer. */
export function useSignOut(): () => Promise<void> {
  const queryClient = useQueryClient();
  return useCallback(async () => {
    // Asked before the session ends, not after: a page that holds what would be lost stays signed in.
    if (!confirmLeaving()) return;
    try {
      await unwrap(api.POST('/api/v1/auth/logout'));
    } catch {
      // Signed out locally either way: the cookie is cleared by the answer, or has expired.
    }
    queryClient.clear();
    queryClient.setQueryData(sessionKey, null);
    navigate('/admin', { confirmed: true });
  }, [queryClient]);
}
