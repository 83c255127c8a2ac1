terraform {
  backend "gcs" {
    bucket = "parcel-co-tfstate"
    prefix = "staging"
  }
}

provider "aws" {
  region  = "eu-central-1"
  profile = "parcel-staging"
}

resource "google_storage_bucket" "artifacts" {
  name                        = "parcel-co-artifacts"
  location                    = "EU"
  uniform_bucket_level_access = true
}
