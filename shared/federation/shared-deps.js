// The one shared-dependency map of every TaskFlow app (host and remotes), read by their
// vite.config.ts. Singletons: one React, one RxJS, one Supabase client library and one
// @taskflow/shared per page, whichever app loads first (the host uses 'loaded-first').
// Versions come from shared's own package.json, so the map cannot drift from what is installed.
// Plain JavaScript on purpose: Vite loads configs with Node, which does not compile TypeScript
// inside a linked workspace package.
import sharedPackage from '../package.json' with { type: 'json' };

const peers = sharedPackage.peerDependencies;

const singleton = (version) => ({ singleton: true, requiredVersion: version });

export const federationShared = {
  react: singleton(peers.react),
  'react-dom': singleton(peers['react-dom']),
  rxjs: singleton(peers.rxjs),
  '@supabase/supabase-js': singleton(peers['@supabase/supabase-js']),
  '@taskflow/shared': { singleton: true, requiredVersion: '*', version: sharedPackage.version },
};
