/** The API's own documents: the OpenAPI document and the reference page of each audience, and the renderer. */
import fastifyStatic from '@fastify/static';
import { endpoints } from '@gama/core/endpoints';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { RawReply, route } from '../../http/route.ts';
import { openApiDocument } from './openapi.ts';
import { RENDERER_FILE, RENDERER_PREFIX, referencePage, rendererRoot } from './reference.ts';

export async function docsRoutes(app: FastifyInstance): Promise<void> {
  // The catalogue does not change while the server runs: each document is made once.
  const player = openApiDocument('player');
  const operator = openApiDocument('operator');
  const playerPage = referencePage(player.info.title, endpoints.playerOpenApi.path);
  const operatorPage = referencePage(operator.info.title, endpoints.operatorOpenApi.path);
  const sendPage = (reply: FastifyReply, html: string) =>
    new RawReply(reply.type('text/html; charset=utf-8').send(html));

  route(app, endpoints.playerOpenApi, async () => player);
  route(app, endpoints.operatorOpenApi, async () => operator);
  route(app, endpoints.playerReference, async ({ reply }) => sendPage(reply, playerPage));
  route(app, endpoints.operatorReference, async ({ reply }) => sendPage(reply, operatorPage));

  await app.register(fastifyStatic, {
    root: rendererRoot(),
    prefix: RENDERER_PREFIX,
    decorateReply: false,
    // Only the bundle itself: the folder also holds source maps and the ES-module build's chunks.
    allowedPath: (pathName) => pathName === `/${RENDERER_FILE}`,
  });
}
