import react from '@vitejs/plugin-react';
import { defineConfig, loadEnv } from 'vite';
import { precompress } from './build/precompress';

export default defineConfig(({ mode }) => {
  // The API server (apps/server) serves /ui and /media; SHOTLIB_API_ORIGIN points elsewhere if needed.
  const env = loadEnv(mode, '.', 'SHOTLIB_');
  const target = env.SHOTLIB_API_ORIGIN || 'http://localhost:8080';
  const proxy = { '/ui': target, '/media': target };
  return {
    plugins: [react(), precompress()],
    server: { port: 5173, proxy },
    preview: { port: 4173, proxy },
    build: { outDir: 'dist', target: 'es2022', sourcemap: true },
  };
});
