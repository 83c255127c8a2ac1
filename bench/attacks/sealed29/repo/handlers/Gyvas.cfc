component {
    function index( event, rc, prc ) {
        return "ok";
    }
}
