/// <reference types="node" />
import { execFileSync } from 'node:child_process';

// The validators are generated from schemas/openapi.json (make generate);
// like the OpenAPI file itself, they must match what they come from.
it('schema-validators.gen.js is up to date with schemas/openapi.json', () => {
  expect(() => execFileSync('node', ['scripts/generate-validators.mjs', '--check'], { stdio: 'pipe' })).not.toThrow();
});
