// The page a remote runs on by itself (`npm run dev -w board-remote`, `vite build --mode
// standalone`). It is the same for every remote but its title, so it is made here from the
// remote's entry in remotes.json rather than kept as an index.html copy in each remote's folder.
// Plain JavaScript for the same reason as remote-config.js.
import path from 'node:path';

const page = (title) => `<!doctype html>
<html lang="de">
  <head>
    <meta charset="UTF-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1.0" />
    <title>${title}</title>
  </head>
  <body>
    <div id="root"></div>
    <script type="module" src="./src/main.tsx"></script>
  </body>
</html>
`;

/**
 * Serves the page as the remote's index.html on the dev server (through Vite's HTML transforms,
 * as a file would be) and hands it to the build as the index.html input.
 */
export const standalonePage = (title) => {
  let indexFile = '';
  return {
    name: 'taskflow:standalone-page',
    configResolved(config) {
      indexFile = path.join(config.root, 'index.html');
    },
    configureServer(server) {
      server.middlewares.use(async (req, res, next) => {
        const pathname = (req.url ?? '').split('?')[0];
        if (pathname !== '/' && pathname !== '/index.html') return next();
        try {
          const html = await server.transformIndexHtml(
            req.url ?? '/',
            page(title),
            req.originalUrl,
          );
          res.setHeader('Content-Type', 'text/html; charset=utf-8');
          res.end(html);
        } catch (error) {
          next(error);
        }
      });
    },
    resolveId(id) {
      return indexFile && path.resolve(id) === indexFile ? indexFile : null;
    },
    load(id) {
      return id === indexFile ? page(title) : null;
    },
  };
};
