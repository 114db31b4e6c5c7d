import type { ComponentType } from 'react';
import { preloadableLazy } from '@web/lib/preloadable-lazy';
import { staffMessages } from '@shared/staff-messages';

const labels = staffMessages.admin.tabs;

// The default tab, which the server renders (decision 024): its chunk loads with the panel's (preloadDefaultTab).
const TodayTab = preloadableLazy(() => import('@web/features/today/today-tab').then((m) => ({ default: m.TodayTab })));

export interface AdminTab {
  /** Also the ?tab= value of the URL, so that a reload or a shared link opens the same tab. */
  value: string;
  label: string;
  /** The mobile side menu offers five of the seven (spec point 2): not Push, not Seguridad. */
  inMobileMenu: boolean;
  Content: ComponentType;
}

/** Each tab's code is its own chunk, fetched the first time the tab opens: the shell stays small. */
export const ADMIN_TABS: readonly AdminTab[] = [
  {
    value: 'reservas',
    label: labels.today,
    inMobileMenu: true,
    Content: TodayTab,
  },
  {
    value: 'historial',
    label: labels.history,
    inMobileMenu: true,
    Content: preloadableLazy(() => import('@web/features/history/history-tab').then((m) => ({ default: m.HistoryTab }))),
  },
  {
    // Issue 47's guest list, beyond the spec's five on a phone like Push and Seguridad.
    value: 'clientes',
    label: labels.guests,
    inMobileMenu: false,
    Content: preloadableLazy(() => import('@web/features/guest-list/guest-list-tab').then((m) => ({ default: m.GuestListTab }))),
  },
  {
    value: 'mesas',
    label: labels.tables,
    inMobileMenu: true,
    Content: preloadableLazy(() => import('@web/features/tables/tables-tab').then((m) => ({ default: m.TablesTab }))),
  },
  {
    value: 'configuracion',
    label: labels.settings,
    inMobileMenu: true,
    Content: preloadableLazy(() => import('@web/features/settings/settings-tab').then((m) => ({ default: m.SettingsTab }))),
  },
  {
    value: 'notificaciones',
    label: labels.notifications,
    inMobileMenu: true,
    Content: preloadableLazy(() =>
      import('@web/features/notifications/notifications-tab').then((m) => ({ default: m.NotificationsTab })),
    ),
  },
  {
    value: 'push',
    label: labels.push,
    inMobileMenu: false,
    Content: preloadableLazy(() => import('@web/features/push/push-tab').then((m) => ({ default: m.PushTab }))),
  },
  {
    value: 'seguridad',
    label: labels.security,
    inMobileMenu: false,
    Content: preloadableLazy(() => import('@web/features/security/security-tab').then((m) => ({ default: m.SecurityTab }))),
  },
  {
    // The owner's eighth tab (issue 20), left out of the mobile menu like Seguridad.
    value: 'equipo',
    label: labels.team,
    inMobileMenu: false,
    Content: preloadableLazy(() => import('@web/features/team/team-tab').then((m) => ({ default: m.TeamTab }))),
  },
];

export const DEFAULT_TAB = 'reservas';

/** ?tab= of 'Mi cuenta' (issue 44): every member's own account, opened from the header rather than the tab bar. */
export const ACCOUNT_TAB = 'cuenta';
export const AccountPanel = preloadableLazy(() => import('@web/features/account/account-panel').then((m) => ({ default: m.AccountPanel })));
export const SecondFactorSetup = preloadableLazy(() => import('@web/features/account/second-factor-setup').then((m) => ({ default: m.SecondFactorSetup })));

/** The default tab's chunk, so that the panel shows (or hydrates) with it rather than with a spinner in its place. */
export const preloadDefaultTab = (): Promise<void> => TodayTab.preload();
