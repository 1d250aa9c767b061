import { directConversionOf, isItemOperation, type DirectConversion } from './fast-wire/direct-conversion.js';
import { operationSchemaFrom, operationSchemaTupleOf, type OperationSchema } from './sdk-protocol.js';

/** What the fast path needs to know about a command's operation, worked out once per operation. */
export interface OperationPlan {
  readonly schema: OperationSchema;
  /** How to convert input and answer directly; absent when the SDK's own serde runs. */
  readonly conversion: DirectConversion | undefined;
  /**
   * Whether the engine builds its answers for the call (items parsed from storage), so the
   * SDK's deserializer, which converts in place, may take them without a copy.
   */
  readonly freshOutput: boolean;
}

type OperationPlanner = (context: Record<string, unknown>) => OperationPlan;

/**
 * A lookup of the plan of the operation a middleware runs for, by the command's static
 * schema tuple, so that no call rebuilds the operation schema or looks its conversion up
 * again. `direct` says whether the client's codec is the one the direct conversions reproduce.
 * The plans live as long as the schema tuples (module constants of the SDK). A plan is
 * read-only and depends on nothing but the tuple and `direct`, so the two lookups are made
 * once per process and shared by every client (each SDK copy has tuples of its own).
 */
export function operationPlanner(direct: boolean): OperationPlanner {
  return direct ? DIRECT_PLANNER : SDK_SERDE_PLANNER;
}

function newPlanner(direct: boolean): OperationPlanner {
  const plans = new WeakMap<object, OperationPlan>();
  return (context) => {
    const tuple = operationSchemaTupleOf(context);
    let plan = plans.get(tuple);
    if (plan === undefined) {
      const schema = operationSchemaFrom(tuple);
      plan = {
        schema,
        conversion: direct ? directConversionOf(schema) : undefined,
        freshOutput: isItemOperation(schema),
      };
      plans.set(tuple, plan);
    }
    return plan;
  };
}

const DIRECT_PLANNER = newPlanner(true);
const SDK_SERDE_PLANNER = newPlanner(false);
