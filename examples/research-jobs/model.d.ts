/**
 * The research-job domain, designed access patterns first (the guide's reference key design):
 *
 * | # | Access pattern | Key design |
 * |---|---|---|
 * | 1 | Get job by ID | PK=`JOB#<id>`, SK=`METADATA` |
 * | 2 | Get job with findings + report | PK=`JOB#<id>`, SK begins_with `""` (one Query) |
 * | 3 | List jobs by status, newest first | GSI1: PK=`STATUS#<status>`, SK=`<createdAt>` (sparse) |
 * | 4 | Get single finding | PK=`JOB#<jobId>`, SK=`FINDING#<findingId>` |
 *
 * Failed-job debug payloads expire after 7 days and fetch caches after 30 (TTL).
 */
import { z } from 'zod';
export declare const jobStatuses: readonly ["queued", "running", "succeeded", "failed", "cancelled"];
export type JobStatus = (typeof jobStatuses)[number];
export declare const table: import("../../src/model/table.js").TableDefinition<{
    readonly gsi1: {
        readonly partitionKey: "gsi1pk";
        readonly sortKey: "gsi1sk";
        readonly projection: {
            readonly type: "ALL";
        };
    };
}>;
export declare const job: import("../../src/model/entity.js").EntityDefinition<"job", {
    readonly id: z.ZodString;
    readonly title: z.ZodString;
    readonly status: z.ZodDefault<z.ZodEnum<{
        queued: "queued";
        running: "running";
        succeeded: "succeeded";
        failed: "failed";
        cancelled: "cancelled";
    }>>;
    readonly createdAt: z.ZodISODateTime;
}, import("../../src/model/entity.js").EntityTypes<{
    status: "queued" | "running" | "succeeded" | "failed" | "cancelled";
    id: string;
    title: string;
    createdAt: string;
    version: number;
}, {
    id: string;
    title: string;
    createdAt: string;
    status?: "queued" | "running" | "succeeded" | "failed" | "cancelled" | undefined;
}, {
    id: string;
}, "id", "queued" | "running" | "succeeded" | "failed" | "cancelled", "status", "gsi1", "version">>;
export declare const finding: import("../../src/model/entity.js").EntityDefinition<"finding", {
    readonly jobId: z.ZodString;
    readonly id: z.ZodString;
    readonly text: z.ZodString;
}, import("../../src/model/entity.js").EntityTypes<{
    text: string;
    id: string;
    jobId: string;
}, {
    text: string;
    id: string;
    jobId: string;
}, {
    id: string;
    jobId: string;
}, "id" | "jobId", never, never, never, never>>;
export declare const report: import("../../src/model/entity.js").EntityDefinition<"report", {
    readonly jobId: z.ZodString;
    readonly summary: z.ZodString;
}, import("../../src/model/entity.js").EntityTypes<{
    jobId: string;
    summary: string;
}, {
    jobId: string;
    summary: string;
}, {
    jobId: string;
}, "jobId", never, never, never, never>>;
/** What a failed job leaves behind for debugging; reaped by TTL after 7 days. */
export declare const debugPayload: import("../../src/model/entity.js").EntityDefinition<"debugPayload", {
    readonly jobId: z.ZodString;
    readonly id: z.ZodString;
    readonly payload: z.ZodString;
}, import("../../src/model/entity.js").EntityTypes<{
    payload: string;
    id: string;
    jobId: string;
}, {
    payload: string;
    id: string;
    jobId: string;
}, {
    id: string;
    jobId: string;
}, "id" | "jobId", never, never, never, never>>;
/** A raw fetch cached for the researchers; reaped by TTL after 30 days. */
export declare const fetchCache: import("../../src/model/entity.js").EntityDefinition<"fetchCache", {
    readonly url: z.ZodString;
    readonly body: z.ZodString;
    readonly contentType: z.ZodOptional<z.ZodString>;
}, import("../../src/model/entity.js").EntityTypes<{
    body: string;
    url: string;
    contentType?: string | undefined;
}, {
    body: string;
    url: string;
    contentType?: string | undefined;
}, {
    url: string;
}, "url", never, never, never, never>>;
export declare const model: import("../../src/model/model.js").ModelDefinition<import("../../src/model/table.js").TableDefinition<{
    readonly gsi1: {
        readonly partitionKey: "gsi1pk";
        readonly sortKey: "gsi1sk";
        readonly projection: {
            readonly type: "ALL";
        };
    };
}>, readonly [import("../../src/model/entity.js").EntityDefinition<"job", {
    readonly id: z.ZodString;
    readonly title: z.ZodString;
    readonly status: z.ZodDefault<z.ZodEnum<{
        queued: "queued";
        running: "running";
        succeeded: "succeeded";
        failed: "failed";
        cancelled: "cancelled";
    }>>;
    readonly createdAt: z.ZodISODateTime;
}, import("../../src/model/entity.js").EntityTypes<{
    status: "queued" | "running" | "succeeded" | "failed" | "cancelled";
    id: string;
    title: string;
    createdAt: string;
    version: number;
}, {
    id: string;
    title: string;
    createdAt: string;
    status?: "queued" | "running" | "succeeded" | "failed" | "cancelled" | undefined;
}, {
    id: string;
}, "id", "queued" | "running" | "succeeded" | "failed" | "cancelled", "status", "gsi1", "version">>, import("../../src/model/entity.js").EntityDefinition<"finding", {
    readonly jobId: z.ZodString;
    readonly id: z.ZodString;
    readonly text: z.ZodString;
}, import("../../src/model/entity.js").EntityTypes<{
    text: string;
    id: string;
    jobId: string;
}, {
    text: string;
    id: string;
    jobId: string;
}, {
    id: string;
    jobId: string;
}, "id" | "jobId", never, never, never, never>>, import("../../src/model/entity.js").EntityDefinition<"report", {
    readonly jobId: z.ZodString;
    readonly summary: z.ZodString;
}, import("../../src/model/entity.js").EntityTypes<{
    jobId: string;
    summary: string;
}, {
    jobId: string;
    summary: string;
}, {
    jobId: string;
}, "jobId", never, never, never, never>>, import("../../src/model/entity.js").EntityDefinition<"debugPayload", {
    readonly jobId: z.ZodString;
    readonly id: z.ZodString;
    readonly payload: z.ZodString;
}, import("../../src/model/entity.js").EntityTypes<{
    payload: string;
    id: string;
    jobId: string;
}, {
    payload: string;
    id: string;
    jobId: string;
}, {
    id: string;
    jobId: string;
}, "id" | "jobId", never, never, never, never>>, import("../../src/model/entity.js").EntityDefinition<"fetchCache", {
    readonly url: z.ZodString;
    readonly body: z.ZodString;
    readonly contentType: z.ZodOptional<z.ZodString>;
}, import("../../src/model/entity.js").EntityTypes<{
    body: string;
    url: string;
    contentType?: string | undefined;
}, {
    body: string;
    url: string;
    contentType?: string | undefined;
}, {
    url: string;
}, "url", never, never, never, never>>], {
    readonly getJob: {
        readonly description: "Get job by ID";
        readonly entities: readonly ["job"];
        readonly key: {
            readonly pk: "JOB#{id}";
            readonly sk: {
                readonly equals: "METADATA";
            };
        };
    };
    readonly getJobWithFindings: {
        readonly description: "Get job with findings + report";
        readonly entities: readonly ["job", "finding", "report"];
        readonly key: {
            readonly pk: "JOB#{id}";
            readonly sk: {
                readonly beginsWith: "";
            };
        };
    };
    readonly listJobsByStatus: {
        readonly description: "List jobs by status, newest first";
        readonly entities: readonly ["job"];
        readonly index: "gsi1";
        readonly key: {
            readonly pk: "STATUS#{status}";
        };
        readonly order: "descending";
    };
    readonly getFinding: {
        readonly description: "Get single finding";
        readonly entities: readonly ["finding"];
        readonly key: {
            readonly pk: "JOB#{jobId}";
            readonly sk: {
                readonly equals: "FINDING#{findingId}";
            };
        };
    };
    readonly getDebugPayloads: {
        readonly description: "Get a failed job's debug payloads";
        readonly entities: readonly ["debugPayload"];
        readonly key: {
            readonly pk: "JOB#{jobId}";
            readonly sk: {
                readonly beginsWith: "DEBUG#";
            };
        };
    };
    readonly getFetchCache: {
        readonly description: "Get a cached fetch by URL";
        readonly entities: readonly ["fetchCache"];
        readonly key: {
            readonly pk: "FETCH#{url}";
            readonly sk: {
                readonly equals: "CACHE";
            };
        };
    };
}>;
export default model;
