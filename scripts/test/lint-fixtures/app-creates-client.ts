// Linted as board-remote/src: a second Supabase client outside shared.
import { createClient } from '@supabase/supabase-js';

export const client = createClient('http://127.0.0.1:54321', 'key');
