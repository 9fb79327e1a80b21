import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';

const root = fileURLToPath(new URL('.', import.meta.url));
// Where the API listens in development; overridable to point at a second instance.
const api = process.env.JORNADA_API_URL ?? 'http://localhost:3000';

/**
 * PrimeReact components this app does not use, by the root class of their
 * theme rules. The theme styles ~90 components; every page downloads it with
 * the first stylesheet, so the rules of these go (issue 24, first load). The
 * build fails if one of these classes shows up in the bundle: take a
 * component off the list when a screen starts using it.
 */
const UNUSED_THEME_PARTS = [
  'accordion',
  'autocomplete',
  'avatar',
  'breadcrumb',
  'card',
  'carousel',
  'cascadeselect',
  'chip',
  'chips',
  'contextmenu',
  'datascroller',
  'dataview',
  'divider',
  'dock',
  'editor-container',
  'fieldset',
  'fileupload',
  'galleria',
  'inplace',
  'inputotp',
  'listbox',
  'megamenu',
  'menubar',
  'message',
  'metergroup',
  'multiselect',
  'orderlist',
  'organizationchart',
  'overlaypanel',
  'panelmenu',
  'rating',
  'scrollpanel',
  'scrolltop',
  'skeleton',
  'slidemenu',
  'slider',
  'splitter',
  'stepper',
  'tabmenu',
  'terminal',
  'timeline',
  'togglebutton',
  'toolbar',
  'treeselect',
  'treetable',
  'tristatecheckbox',
];
/**
 * PrimeReact components only the signed-in screens use, by the root class of
 * their theme rules: those rules come with the authenticated shell (the
 * `theme.css?shell` import in app/layout/app-layout.tsx), not with the first
 * page. The build fails if one of these classes shows up in what the public
 * pages load: take the component off the list when one of them starts using it.
 * The theme is in @layer primereact, so our unlayered styles.css still wins
 * over these rules, whatever their order.
 */
const SHELL_THEME_PARTS = [
  'checkbox',
  'inputgroup',
  'menu',
  'radiobutton',
  'calendar',
  'column-filter',
  'datatable',
  'datepicker',
  'dropdown',
  'iconfield',
  'inputnumber',
  'monthpicker',
  'panel',
  'paginator',
  'picklist',
  'progressbar',
  'selectbutton',
  'sidebar',
  'splitbutton',
  'steps',
  'tabview',
  'tag',
  'tieredmenu',
  'timepicker',
  'tree',
  'treenode',
  'virtualscroller',
  'yearpicker',
];

const themeClass = (parts: string[]) => new RegExp(`\\.p-(?:${parts.join('|')})(?![\\w-])`);
const classInCode = (parts: string[]) => new RegExp(`(?<![\\w-])p-(?:${parts.join('|')})(?![\\w-])`);

/**
 * The theme in two: the rules of the first page and those of the shell. A
 * rule whose every selector names an unused part goes; one whose every
 * selector names a shell part goes to the shell (a selector list loses its
 * unused selectors). The theme is plain CSS: rules, and @layer/@media blocks
 * of rules; other at-rules stay whole, on the first page.
 */
function splitTheme(css: string): { first: string; shell: string } {
  const unused = themeClass(UNUSED_THEME_PARTS);
  const shellOnly = themeClass(SHELL_THEME_PARTS);
  let first = '';
  let shell = '';
  let i = 0;
  while (i < css.length) {
    const open = css.indexOf('{', i);
    if (open < 0) {
      first += css.slice(i);
      break;
    }
    let depth = 1;
    let close = open + 1;
    for (; depth > 0; close++) depth += css[close] === '{' ? 1 : css[close] === '}' ? -1 : 0;
    const head = css.slice(i, open).trim();
    const body = css.slice(open + 1, close - 1);
    if (/^@(layer|media|supports)\b/.test(head)) {
      const inner = splitTheme(body);
      if (inner.first.trim() !== '') first += `${head} {${inner.first}}\n`;
      if (inner.shell.trim() !== '') shell += `${head} {${inner.shell}}\n`;
    } else if (head.startsWith('@')) {
      first += `${head} {${body}}\n`;
    } else {
      const kept = head.split(',').filter((selector) => !unused.test(selector));
      const rule = `${kept.join(',')} {${body}}\n`;
      if (kept.length > 0 && kept.every((selector) => shellOnly.test(selector))) shell += rule;
      else if (kept.length > 0) first += rule;
    }
    i = close;
  }
  return { first, shell };
}

/**
 * The PrimeReact theme, lean. It declares its own Inter: two variable fonts of
 * every script, ~350 KB each. We ship Inter from @fontsource instead (Latin
 * subset, the four weights the CSS uses, ~24 KB each: see main.tsx), so the
 * theme's @font-face rules go and its "Inter var" family becomes ours. The
 * rules of UNUSED_THEME_PARTS go; those of SHELL_THEME_PARTS are what
 * `theme.css?shell` holds.
 */
function leanTheme(): Plugin {
  return {
    name: 'jornada:lean-theme',
    enforce: 'pre',
    transform(code, id) {
      if (!/primereact\/resources\/themes\/[^/]+\/theme\.css(\?|$)/.test(id)) return null;
      const parts = splitTheme(
        code
          .replace(/\/\*[\s\S]*?\*\//g, '')
          .replace(/@font-face\s*\{[^}]*\}/g, '')
          .replaceAll('"Inter var"', '"Inter"'),
      );
      return /\?shell\b/.test(id) ? parts.shell : parts.first;
    },
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((c) => c.type === 'chunk');
      const unused = classInCode(UNUSED_THEME_PARTS);
      for (const chunk of chunks) {
        const found = unused.exec(chunk.code);
        if (found)
          this.error(`${chunk.fileName} usa ${found[0]}, cujo tema foi retirado: tire-o de UNUSED_THEME_PARTS.`);
      }
      // What a visitor may load: the entry and what it imports, and what it loads on demand outside the shell
      // and the screens: the password pages (app/routes.tsx), the toast and confirmation hosts (app/providers.tsx).
      const publicOnDemand =
        /[\\/](features[\\/]login[\\/]|shared[\\/]toast-host\.tsx$|primereact[\\/]confirmdialog[\\/])/;
      const byName = new Map(chunks.map((c) => [c.fileName, c]));
      const open = chunks.filter((c) => c.isEntry || publicOnDemand.test(c.facadeModuleId ?? ''));
      const seen = new Set<string>();
      const shellOnly = classInCode(SHELL_THEME_PARTS);
      while (open.length > 0) {
        const chunk = open.pop();
        if (!chunk || seen.has(chunk.fileName)) continue;
        seen.add(chunk.fileName);
        // PrimeReact's helpers name classes of many widgets (to find them in the page) without drawing them.
        for (const [id, module] of Object.entries(chunk.modules)) {
          if (/primereact[\\/](utils|api|componentbase|hooks)[\\/]/.test(id)) continue;
          const found = shellOnly.exec(module.code ?? '');
          if (found) this.error(`${id} usa ${found[0]}, cujo tema vem com o shell: tire-o de SHELL_THEME_PARTS.`);
        }
        for (const name of chunk.imports) {
          const next = byName.get(name);
          if (next) open.push(next);
        }
      }
    },
  };
}

/** Libraries change less often than our code: their own chunks stay cached across our deploys. */
const VENDOR_GROUPS = [
  { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/ },
  { name: 'data', test: /node_modules[\\/](@tanstack|zod|react-hook-form|@hookform)[\\/]/ },
  // The contracts every page reads (messages, permissions, the route table): one file, not seven small ones.
  {
    name: 'contracts',
    test: /packages[\\/]contracts[\\/]src[\\/](messages|permissions|routes|menu|limits|common|endpoint)\.ts$/,
  },
  // What every PrimeReact component builds on, and the widgets of /login: all of it is on the first page.
  {
    name: 'prime',
    test: /node_modules[\\/](primereact[\\/](api|utils|componentbase|hooks|ripple|tooltip|csstransition|portal|overlayservice|iconbase|keyfilter|button|inputtext|password|message|progressspinner)|react-transition-group|dom-helpers|@babel[\\/]runtime)[\\/]/,
  },
];

export default defineConfig({
  root,
  plugins: [
    leanTheme(),
    react(),
    // .br and .gz beside each text asset, served by @fastify/static with preCompressed (apps/api http/static-files.ts).
    compression({
      algorithms: [defineAlgorithm('brotliCompress'), defineAlgorithm('gzip', { level: 9 })],
      include: /\.(html|js|css|svg|json|ttf|eot)$/,
      skipIfLargerOrEqual: true,
    }),
  ],
  server: {
    port: 5173,
    // The API runs beside the dev server; same-origin calls avoid CORS in development.
    proxy: { '/api': { target: api, changeOrigin: true } },
  },
  preview: {
    port: 4173,
    proxy: { '/api': { target: api, changeOrigin: true } },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    rolldownOptions: {
      output: { codeSplitting: { groups: VENDOR_GROUPS } },
    },
  },
});
