import { defineProject } from 'vitest/config';

export default defineProject({ test: { name: '@sais/kit' } });
