// The link that opens a company's kiosk (/kiosk?company=…). When the company belongs to the
// admin's own organization, the link also names that organization's time zone, so the kiosk's
// big clock shows the organization's time from its first load. Without it, the kiosk shows the
// device's time until a sign-in tells it the zone (web/src/employee/KioskApp.tsx).
import { href } from './router.tsx';
import { useAdmin } from './session.tsx';

export function useKioskHref(): (company: { id: string; bookkeeperOrgId: string | null }) => string {
  const org = useAdmin().bookkeeperOrg;
  return (company) => href('/kiosk', { company: company.id, zone: company.bookkeeperOrgId === org.id ? org.timezone : null });
}
