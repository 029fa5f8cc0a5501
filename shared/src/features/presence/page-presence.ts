// The page's one presence store, on supabase-js, following the signed-in user.
import { map } from 'rxjs';
import { session$ } from '../../kernel/session/session';
import { supabasePresence } from './presence-channel';
import { PresenceStore } from './presence-store';
import { createPresenceHooks } from './use-presence';

export const presenceStore = new PresenceStore(
  supabasePresence,
  session$.pipe(map((state) => (state.status === 'signedIn' ? state.user : null))),
);

export const { useBoardPresence, useCardViewers } = createPresenceHooks(presenceStore);
