resource "aws_s3_bucket" "tiles" {
  bucket = "tiles-dev-cache"
}
