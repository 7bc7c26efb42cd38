/// <reference types="vite/client" />

interface ImportMetaEnv {
  readonly VITE_NMLS_ID?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
