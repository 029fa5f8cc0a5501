// The one shared-dependency map of every TaskFlow app (host and remotes), read by their
// vite.config.ts. Singletons: one React, one react-dom and one @taskflow/shared per page,
// whichever app loads first (the host uses 'loaded-first').
//
// RxJS and supabase-js are not shared on their own: no app imports them (the apps reach state
// and the backend only through @taskflow/shared), so they travel inside shared, which is one
// singleton, and are still one copy on the page. Shared on their own they were each a whole
// library, since a federation share cannot be tree-shaken; inside shared the bundler keeps what
// shared uses: 17 KB (Brotli) less on the wire and two requests fewer.
//
// Versions come from shared's own package.json, so the map cannot drift from what is installed.
// Plain JavaScript on purpose: Vite loads configs with Node, which does not compile TypeScript
// inside a linked workspace package.
import sharedPackage from '../package.json' with { type: 'json' };

const peers = sharedPackage.peerDependencies;

const singleton = (version) => ({ singleton: true, requiredVersion: version });

export const federationShared = {
  react: singleton(peers.react),
  'react-dom': singleton(peers['react-dom']),
  '@taskflow/shared': { singleton: true, requiredVersion: '*', version: sharedPackage.version },
};
