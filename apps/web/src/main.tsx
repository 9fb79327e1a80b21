import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
// Inter, Latin subset, only the weights the theme and styles.css use (vite.config.ts drops the theme's own copy).
import '@fontsource/inter/latin-400.css';
import '@fontsource/inter/latin-500.css';
import '@fontsource/inter/latin-600.css';
import '@fontsource/inter/latin-700.css';
import 'primereact/resources/themes/lara-light-blue/theme.css';
import 'primereact/resources/primereact.min.css';
import 'primeicons/primeicons.css';
import './shared/primereact-locale';
import './styles.css';
import { App } from './app/app';
import { instalarEscInterno } from './shared/escape-innermost';
import { startTabSession } from './shared/tab-session';

// Before the first render: a new tab asks the open ones for the session (decision 0026).
startTabSession();
// Esc closes the innermost open thing only: a list inside a dialog, not the dialog with it (issue 24 §3).
instalarEscInterno();

const root = document.getElementById('root');
if (!root) throw new Error('#root ausente em index.html');
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
