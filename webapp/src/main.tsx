// The browser's entry. It is kept tiny on purpose: a prerendered page
// (scripts/prerender.mjs) paints with its HTML and style sheets first, and
// only then is the app's code fetched and run to hydrate it, so the first
// paint never waits for JavaScript (architecture.md "Performance budgets").
import './app/styles';

const root = document.getElementById('root');
if (!root) throw new Error('No #root element in index.html');

/** Resolves once the page has painted: after the next frame, or soon in a tab that draws none. */
function afterFirstPaint(): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, 200);
    requestAnimationFrame(() => setTimeout(() => {
      clearTimeout(timer);
      resolve();
    }, 0));
  });
}

const prerendered = root.firstElementChild !== null;
if (prerendered) await afterFirstPaint();
const { startApp } = await import('./start-app');
await startApp(root, { hydrate: prerendered });
