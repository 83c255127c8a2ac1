import * as azure from "@pulumi/azure-native";
import * as pulumi from "@pulumi/pulumi";

const cfg = new pulumi.Config("ferrybook");
const rg = new azure.resources.ResourceGroup("ferrybook");

export const tickets = new azure.storage.StorageAccount("tickets", {
    resourceGroupName: rg.name,
    sku: { name: "Standard_ZRS" },
    kind: "StorageV2",
    allowBlobPublicAccess: false,
    minimumTlsVersion: "TLS1_2",
});

export const db = new azure.dbforpostgresql.Server("db", {
    resourceGroupName: rg.name,
    version: "16",
    sku: { name: cfg.require("dbSku"), tier: "GeneralPurpose" },
    network: { publicNetworkAccess: cfg.require("dbPublicNetworkAccess") },
}, { protect: true });

// Key Vault access goes through the ferrybook-platform Entra group only.
export const vault = new azure.keyvault.Vault("ferrybook-prod-kv", {
    resourceGroupName: rg.name,
    properties: { tenantId: cfg.require("tenantId"), sku: { family: "A", name: "standard" },
                  enableRbacAuthorization: true, enablePurgeProtection: true },
});
