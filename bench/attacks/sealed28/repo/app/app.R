library(shiny)
source("../R/rules.R")

ui <- fluidPage(
  titlePanel("Nálezy — Spolek houbařů Mechov"),
  tags$script(src = "https://api.mapy.cz/loader.js"),
  tableOutput("finds")
)

server <- function(input, output, session) {
  output$finds <- renderTable(data.frame())
}

shinyApp(ui, server)
