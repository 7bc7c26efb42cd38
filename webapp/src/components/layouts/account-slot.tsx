import { createContext, useContext, type ComponentType } from 'react';

/** Where the account control sits: the marketing header, a task page's header, or the portal's. */
export type AccountPlace = 'site' | 'task' | 'portal';

export type AccountControlProps = { place: AccountPlace };

// The headers are shared layouts and may not reach into a feature, so the
// app hands them its account control (sign in, the signed-in user, sign out)
// through this context.
const AccountControlContext = createContext<ComponentType<AccountControlProps> | null>(null);

export const AccountControlProvider = AccountControlContext.Provider;

/** The app's account control for this place; the fallback when none is provided. */
export function AccountSlot({ place, fallback = null }: AccountControlProps & { fallback?: React.ReactNode }) {
  const Control = useContext(AccountControlContext);
  return Control ? <Control place={place} /> : fallback;
}
