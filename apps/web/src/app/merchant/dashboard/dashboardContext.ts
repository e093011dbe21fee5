import { createContext, useContext } from 'react';
import type { Environment, Me, Permission } from './dashboardApi.ts';

export interface DashboardState {
  me: Me;
  environment: Environment;
  /** Whether the signed-in role holds `permission`: write controls are not rendered without it. */
  can: (permission: Permission) => boolean;
  /** Reads the account (GET /v1/me) again, after a change the shell shows (the business name in its header). */
  reloadAccount: () => Promise<void>;
}

export const DashboardContext = createContext<DashboardState | null>(null);

export function useDashboard(): DashboardState {
  const s = useContext(DashboardContext);
  if (!s) throw new Error('useDashboard outside the dashboard');
  return s;
}
