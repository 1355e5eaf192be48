import { extendZodWithOpenApi } from '@asteasolutions/zod-to-openapi';
import { z } from 'zod';

// One zod instance, extended once, so every schema can carry its OpenAPI name and description.
extendZodWithOpenApi(z);

export { z };
