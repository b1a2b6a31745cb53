// The link that opens a company's kiosk (/kiosk?company=…&name=…). The company's name lets the
// kiosk say whose it is from its first load. When the company belongs to the admin's own
// organization, the link also names that organization's time zone, so the kiosk's big clock shows
// the organization's time from its first load. Without them, the kiosk shows no name and the
// device's time until a sign-in tells it both (web/src/employee/KioskApp.tsx).
import { href } from './router.tsx';
import { useAdmin } from './session.tsx';

export function useKioskHref(): (company: { id: string; name: string; bookkeeperOrgId: string | null }) => string {
  const org = useAdmin().bookkeeperOrg;
  return (company) => href('/kiosk', { company: company.id, name: company.name, zone: company.bookkeeperOrgId === org.id ? org.timezone : null });
}
