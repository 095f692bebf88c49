/** The operator API's OpenAPI document; every operator route itself is registered from its catalogue entry. */
import type { FastifyInstance } from 'fastify';
import { openApiDocument } from './openapi.ts';

export function adminRoutes(app: FastifyInstance): void {
  app.get('/admin-api/openapi.json', async () => openApiDocument());
}
