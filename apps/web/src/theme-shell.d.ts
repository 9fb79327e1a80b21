/** The theme's rules for the signed-in screens only (vite.config.ts, leanTheme; app/layout/app-layout.tsx). */
declare module '*/theme.css?shell' {}
